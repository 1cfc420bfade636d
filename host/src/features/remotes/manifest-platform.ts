// No import from the platform or a library: the entry module reads this before anything has arrived
// (app/page-remote-request.ts), and the platform gate reads it in the federation runtime.

/** The platform range a remote's manifest declares (its `@linepulse/shared` share); null when it declares none. */
export function platformRangeOfManifest(manifest: unknown): string | null {
  const shared = (manifest as { shared?: unknown } | null)?.shared;
  if (!Array.isArray(shared)) return null;
  const platform = shared.find((entry: unknown) => (entry as { name?: unknown } | null)?.name === '@linepulse/shared') as { requiredVersion?: unknown } | undefined;
  return typeof platform?.requiredVersion === 'string' && platform.requiredVersion !== '' ? platform.requiredVersion : null;
}
