import { MESSAGE_MAX_LENGTH, MESSAGES_MESSAGES } from '@cp/contracts';

/**
 * The composer's check before anything is sent, with the contracts' sentences and the service's rule (trimmed, 1 to
 * MESSAGE_MAX_LENGTH characters): the sentence to show, or null when the message may go.
 */
export function composerProblem(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return MESSAGES_MESSAGES.empty;
  if (trimmed.length > MESSAGE_MAX_LENGTH) return MESSAGES_MESSAGES.tooLong;
  return null;
}

/** "1,234 / 2,000": how much of the limit the typed text uses (trimmed, as counted on sending). */
export function lengthCounter(text: string): string {
  return `${text.trim().length.toLocaleString('en-US')} / ${MESSAGE_MAX_LENGTH.toLocaleString('en-US')}`;
}
