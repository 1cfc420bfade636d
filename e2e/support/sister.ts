/**
 * The sister product in the tests: its own small server on another port, so another origin (the
 * browser applies CORS to its calls). The server is shared with `pnpm budgets:embed`.
 */
export { SISTER_ORIGIN, SISTER_PORT, sisterPage, startSisterProduct } from './sister-product.cjs';
