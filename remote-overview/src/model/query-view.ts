// The query view moved into the platform (1.1.0) so every analytics remote shows queries alike.
export { queryView, type QueryView } from '@linepulse/shared';
