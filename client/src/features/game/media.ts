/**
 * The game screen's layout switches. "Compact" is the phone layout: narrower than the spec's 768 px
 * breakpoint, or a phone held sideways (short, touch). The CSS (GamePage.css and components/*.css)
 * uses the same two conditions.
 */
export const LANDSCAPE_PHONE_QUERY = '(orientation: landscape) and (max-height: 520px) and (pointer: coarse)';
export const COMPACT_QUERY = `(max-width: 767px), ${LANDSCAPE_PHONE_QUERY}`;
/** A touch screen without a precise pointer: no keyboard hints there ("press Space"). */
export const TOUCH_QUERY = '(pointer: coarse)';
