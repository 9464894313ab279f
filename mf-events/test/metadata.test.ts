import { RemoteMetadataSourceSchema } from '@cp/contracts';
import metadata from '../src/exposes/metadata.json';
import { routes } from '../src/exposes/routes.ts';
import * as exposed from '../src/exposes/widgets.ts';
import { widgets } from '../src/exposes/widgets.ts';

describe("mf-events' metadata and exposes agree", () => {
  it('is valid for the build (zod, strict)', () => {
    expect(RemoteMetadataSourceSchema.safeParse(metadata).success).toBe(true);
  });

  it('/events and its mails\' unsubscribe page, the community slot and their heads (the link page never indexed); no page slot until the listing page has room for the RSVP control', () => {
    expect(routes.map((r) => r.path)).toEqual(['/events', '/events/unsubscribe']);
    expect(widgets.map((w) => [w.id, w.slot])).toEqual([['events.weekend', 'community']]);
    expect('pageWidgets' in exposed).toBe(false);
    expect('pageSlots' in metadata).toBe(false);
    expect(metadata.pages.map((p) => [p.path, p.title, p.preview, p.index])).toEqual([
      ['/events', 'Community Events in Central PA', '/api/events/preview', undefined],
      ['/events/unsubscribe', 'Event Reminders', undefined, false],
    ]);
    // Every page whose head it declares is one of its routes.
    expect(metadata.pages.every((p) => metadata.routes.includes(p.path))).toBe(true);
  });
});
