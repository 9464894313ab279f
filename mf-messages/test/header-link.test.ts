import { MESSAGES_STREAM_EVENTS, MESSAGES_STREAM_PATH, MESSAGES_UNREAD_COUNT_PATH, RemoteMetadataSourceSchema, UnreadCountSchema } from '@cp/contracts';
import metadata from '../src/exposes/metadata.json';

/**
 * The Messages link in the header is data (metadata.json `headerLinks`) the shell draws: these are the facts it must
 * agree with, the messages service's routes and events as the contracts name them.
 */
describe("mf-messages' header link", () => {
  const source = RemoteMetadataSourceSchema.parse(metadata);
  const link = source.headerLinks?.[0];

  it('is valid metadata, in the header-actions slot, to the inbox', () => {
    expect(source.headerLinks).toHaveLength(1);
    expect(link).toMatchObject({ id: 'messages', slot: 'header-actions', to: '/messages', label: 'Messages', icon: 'message-square' });
  });

  it("counts the service's unread messages and refreshes on each of its stream's events", () => {
    expect(link?.count?.url).toBe(MESSAGES_UNREAD_COUNT_PATH);
    expect(Object.keys(UnreadCountSchema.shape)).toContain(link?.count?.field);
    expect(UnreadCountSchema.safeParse({ [link!.count!.field]: 3 }).success).toBe(true);
    expect(link?.count?.noun).toBe('unread');
    expect(link?.live?.url).toBe(MESSAGES_STREAM_PATH);
    expect(link?.live?.events).toEqual([...MESSAGES_STREAM_EVENTS]);
  });
});
