// The remote has no page of its own: the host (or an embedding product) loads ./routes at runtime.
export {};
