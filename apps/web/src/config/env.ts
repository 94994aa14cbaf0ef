/** Build-time configuration. The API base defaults to the same origin the client is served from. */
export const env = {
  API_URL: import.meta.env.VITE_API_URL ?? '/api/v1',
} as const;

/** Timeouts from spec section 9. */
export const REQUEST_TIMEOUT_MS = 15_000;
export const REFRESH_TIMEOUT_MS = 10_000;
/**
 * A file upload's budget (beyond the spec's 15 s, decision 0011): a 20 MB material over a
 * 2 Mbit/s campus uplink takes about 80 s to send.
 */
export const UPLOAD_TIMEOUT_MS = 300_000;
/** The success page's redirect delay (spec section 9). */
export const REDIRECT_DELAY_MS = 5_000;
/** Sidebar drawer breakpoint and tooltip delays (spec section 9). */
export const DRAWER_BREAKPOINT_PX = 1024;
export const SIDEBAR_TOOLTIP_DELAY_MS = 200;
export const TOOLTIP_DELAY_MS = 700;
/** Toasts (spec section 9). */
export const TOAST_LIMIT = 20;
export const TOAST_MAX_WIDTH_PX = 350;
