// The providers, session and test config are shared with the other web packages
// (runtime-kernel/testing); the network is the fake API (web-testing/fake-api).
export { TEST_API, testBuyer as buyer, setSession, renderWithProviders } from 'web-kit/testing/render';
