/**
 * Test helpers for the host's and the remotes' component tests (`@linepulse/shared/testing`). Never
 * imported by application code: it pulls in testing-library.
 */
export {
  renderWithProviders,
  TEST_API_BASE,
  TEST_DASHBOARD_API_BASE,
  type RenderWithProvidersOptions,
  type RenderWithProvidersResult,
  type TestStore,
} from './render-with-providers';
export { TEST_USERS, testAlert, testFactory } from './fixtures';
export { liveStream, mockFetch, jsonResponse, type MockedRequest } from './mock-fetch';
export { configureTestServices, type TestNotifier } from './configure-test-services';
