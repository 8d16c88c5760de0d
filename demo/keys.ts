/**
 * The demo's fixed public keys (demo/docs-assistant.config.json). Public keys are meant for
 * client-side code; these only work against the local demo server.
 */
export const DEMO_DOMAIN = 'demo';
export const DEMO_KEY = 'da_dsc_demo_0123456789abcdef';
/** An organization limited to 3 requests per hour, to show the rate-limit error. */
export const RATE_LIMITED_DOMAIN = 'tiny';
export const RATE_LIMITED_KEY = 'da_dsc_tiny_0123456789abcdef';
/** Well-formed but unknown: the server answers 401. */
export const UNKNOWN_KEY = 'da_dsc_unknown_0123456789ab';
