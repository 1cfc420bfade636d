// What the host lends of Fluent UI's theme package (`@fluentui/react-theme`, a page-wide singleton:
// shared/webpack/create-config.cjs). A federated module is provided whole, and the package whole holds
// seven themes, four theme factories and `tokens`, a table of Fluent's 467 design tokens written out
// name by name; the apps use three themes, `typographyStyles` and `tokens` (this list: 2.7 KiB less on the wire).
// The build fails when an app imports a name that is not listed: add it here (decision 65).
export { teamsHighContrastTheme, typographyStyles, webDarkTheme, webLightTheme } from '@fluentui/tokens';
export { tokens } from './fluent-tokens-by-name.mjs';
