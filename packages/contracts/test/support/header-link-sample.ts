/** A valid header link (mf-metadata.ts `HeaderLink`), shaped like mf-messages' own: for the contracts' and the shell's tests. */
export const MESSAGES_LINK = {
  id: 'messages',
  slot: 'header-actions',
  to: '/messages',
  label: 'Messages',
  icon: 'message-square',
  count: { url: '/api/messages/unread-count', field: 'unread', noun: 'unread' },
  live: { url: '/api/messages/stream', events: ['ready', 'message', 'read'] },
};
