// Fluent's OverlayDrawer as a module of its own, for `lazy()` in default-layout.tsx.
export { OverlayDrawer as default } from '@fluentui/react-components';
