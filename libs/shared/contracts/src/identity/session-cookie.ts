/**
 * How the browser holds its session (DESIGN "Tenancy and access"): the refresh token travels only in an
 * httpOnly, SameSite=Strict cookie scoped to the auth routes; a refresh that the cookie authenticates
 * must carry a header no other site's page can add (CSRF); sign-in may ask for a browser-session cookie.
 */
export const REFRESH_COOKIE = 'pondesk_refresh';
export const REFRESH_COOKIE_PATH = '/api/v1/auth';
export const CSRF_HEADER = 'x-requested-with';
export const CSRF_HEADER_VALUE = 'pondesk';
/** Sign-in header: `false` makes the refresh cookie last the browser session ("remember me" off). */
export const REMEMBER_HEADER = 'x-pondesk-remember';
