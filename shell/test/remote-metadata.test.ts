import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { checkRemoteMetadata } from '@cp/contracts/header-links';
import { RemoteMetadataSourceSchema } from '@cp/contracts';
import { defineRemoteRoutes, defineRemoteWidgets, parseRoutesModule, parseWidgetsModule } from '@cp/web-core/contract';

const root = path.resolve(__dirname, '../..');
const remotes = readdirSync(root).filter((dir) => dir.startsWith('mf-'));
const Page = () => null;

describe.each(remotes)('%s declares what it contributes in src/exposes/metadata.json', (remote) => {
  const exposes = path.join(root, remote, 'src/exposes');
  const metadata = JSON.parse(readFileSync(path.join(exposes, 'metadata.json'), 'utf8')) as unknown;

  it('is valid for the build (zod, strict) and the browser (zod-free check)', () => {
    expect(RemoteMetadataSourceSchema.safeParse(metadata).success).toBe(true);
    expect(checkRemoteMetadata(metadata).ok).toBe(true);
  });

  it('its ./routes and ./widgets are exactly what the metadata declares', async () => {
    const declared = checkRemoteMetadata(metadata);
    if (!declared.ok) throw new Error(declared.error);
    const routes = parseRoutesModule(await import(path.join(exposes, 'routes.ts')));
    const widgets = parseWidgetsModule(await import(path.join(exposes, 'widgets.ts')));
    expect(routes.routes.map((r) => r.path)).toEqual(declared.metadata.routes);
    expect([...new Set(widgets.widgets.map((w) => w.slot))].sort()).toEqual([...declared.metadata.slots].sort());
    expect(widgets.postAdPanel !== undefined).toBe(declared.metadata.postAdPanel === true);
  });
});

describe('defineRemoteRoutes / defineRemoteWidgets refuse to disagree with the metadata', () => {
  const metadata = { routes: ['/forum', '/forum/post/:id'], slots: ['forum'] };

  it('routes: in the metadata order, one page per declared pattern', () => {
    expect(defineRemoteRoutes(metadata, { '/forum/post/:id': Page, '/forum': Page }).routes.map((r) => r.path)).toEqual(['/forum', '/forum/post/:id']);
    expect(() => defineRemoteRoutes(metadata, { '/forum': Page })).toThrow('no page for /forum/post/:id');
    expect(() => defineRemoteRoutes(metadata, { '/forum': Page, '/forum/post/:id': Page, '/forum/new': Page })).toThrow('not declared: /forum/new');
    expect(() => defineRemoteRoutes({ routes: ['forum'], slots: [] }, { forum: Page })).toThrow('invalid metadata.json');
  });

  it('widgets: every declared slot filled, no undeclared slot, the Post Ad panel exactly when declared', () => {
    expect(defineRemoteWidgets(metadata, { widgets: [{ id: 'forum.recent', slot: 'forum', Component: Page }] }).widgets).toHaveLength(1);
    expect(() => defineRemoteWidgets(metadata, { widgets: [] })).toThrow('slots without a widget: forum');
    expect(() => defineRemoteWidgets(metadata, { widgets: [{ id: 'a', slot: 'forum', Component: Page }, { id: 'b', slot: 'hero', Component: Page }] })).toThrow('undeclared slots: hero');
    expect(() => defineRemoteWidgets(metadata, { widgets: [{ id: 'a', slot: 'forum', Component: Page }], postAdPanel: Page })).toThrow('exported but not declared');
    expect(() => defineRemoteWidgets({ ...metadata, postAdPanel: true }, { widgets: [{ id: 'a', slot: 'forum', Component: Page }] })).toThrow('declared but not exported');
  });

  it('page widgets: exactly the page slots the metadata declares (issue 35)', () => {
    const events = { routes: ['/events'], slots: [], pageSlots: [{ slot: 'listing-actions', when: { category: ['Events'] } }] };
    const rsvp = { id: 'events.rsvp', slot: 'listing-actions' as const, Component: Page };
    expect(defineRemoteWidgets(events, { widgets: [], pageWidgets: [rsvp] }).pageWidgets).toEqual([rsvp]);
    expect(() => defineRemoteWidgets(events, { widgets: [] })).toThrow('slots without a widget: listing-actions');
    expect(() => defineRemoteWidgets({ ...events, pageSlots: [] }, { widgets: [], pageWidgets: [rsvp] })).toThrow('widgets in undeclared slots: listing-actions');
    // A page widget is not a home widget, nor the other way round.
    expect(() => defineRemoteWidgets(events, { widgets: [{ ...rsvp, slot: 'hero' }], pageWidgets: [rsvp] })).toThrow('widgets in undeclared slots: hero');
    expect(parseWidgetsModule({ widgets: [], pageWidgets: [rsvp] }).pageWidgets).toEqual([rsvp]);
    expect(() => parseWidgetsModule({ widgets: [], pageWidgets: [{ ...rsvp, slot: 'hero' }] })).toThrow('`pageWidgets` needs');
    expect(() => parseWidgetsModule({ widgets: [rsvp] })).toThrow('`widgets` needs');
  });
});
