/** The product's fixed numbers: breakpoints, delays, limits and counts the pages rely on. */

/** Below this width the header navigation becomes the slide-in mobile menu. */
export const MOBILE_BREAKPOINT_PX = 768;
export const SESSION_TIMEOUT_HOURS = 24;
export const DATA_RETENTION_DAYS = 730;
export const PASSWORD_MIN_LENGTH = 8;
export const VERIFICATION_CODE_LENGTH = 6;
export const FEATURED_BUILDINGS_ON_HOME = 3;
export const BUILDING_CARD_MAX_AMENITIES = 3;
export const CONTACT_REPLY_HOURS = 24;
export const UPLOAD_MAX_MB = 10;
export const UPLOAD_MAX_BYTES = UPLOAD_MAX_MB * 1024 * 1024;
export const LOGOUT_DELAY_MS = 500;
export const LOGOUT_FALLBACK_DELAY_MS = 200;
