/** Feedback on answers (`POST /v1/assistant/{domain}/feedback`): import these from ./limits.ts. */
/**
 * The reasons the widget offers with a thumbs down, as sent in `reason`. The feedback endpoint
 * takes any short text there (agents and other clients send their own).
 */
export const FEEDBACK_REASONS = ['wrong', 'outdated', 'not-what-i-asked', 'other'] as const;
export type FeedbackReason = (typeof FEEDBACK_REASONS)[number];
/** Longest feedback `reason` and `comment` accepted, in characters. */
export const FEEDBACK_REASON_MAX_CHARS = 1000;
export const FEEDBACK_COMMENT_MAX_CHARS = 2000;
