/**
 * The notice on an item its author sees while it is hidden pending review (issue 21; also MODERATION_MESSAGES.underReview).
 * A module of its own: the pages that show it carry this sentence alone, not the report dialog's reasons and messages
 * (a bundler keeps a module whole in the first chunk that needs any of it).
 */
export const UNDER_REVIEW_MESSAGE = 'This is under review by our moderators and hidden from others until they decide.';
