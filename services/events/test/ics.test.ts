import { eventStart, ListingCreated, RemotePagePreviewSchema, type Listing } from '@cp/contracts';
import ICAL from 'ical.js';
import { harnessForFile } from '../../../infra/src/jest/for-file.ts';
import { escapeText, foldLine } from '../src/use-cases/ics.ts';
import { call, dayFromToday, getText, PUBLIC_URL, startEvents, type Session } from './helpers.ts';

const h = harnessForFile(startEvents);
let owner: Session;

beforeAll(async () => {
  owner = await h.newSession();
});

const ref = (l: Listing) => ({ listingId: l.id, userId: l.userId, category: l.category, tier: l.tier, title: l.title, listing: l });
async function event(over: Partial<Listing> = {}): Promise<Listing> {
  const l = h.listing(owner, over);
  await h.deliver(ListingCreated, ref(l));
  return l;
}

/** The file's events as ical.js reads them. */
function parsed(text: string) {
  const cal = new ICAL.Component(ICAL.parse(text));
  return cal.getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));
}

/** RFC 5545's framing: CRLF line ends only, no line over 75 octets. */
function expectFraming(text: string) {
  expect(text.endsWith('\r\n')).toBe(true);
  expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  for (const line of text.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
}

const TITLE = 'Holi, colours; music\nand "food" \\ more — a very long title that folds past the seventy-five octet limit of RFC 5545 ✨';

describe('calendar files', () => {
  it('writes one event that ical.js reads: its UTC start across daylight saving, escaped text, UID, URL', async () => {
    // 2027-03-14: the night the clocks go forward in America/New_York (6 PM is EDT, UTC−4).
    const dst = await event({ title: TITLE, eventDate: '2027-03-14', eventTime: '6 PM', venue: 'Temple Hall; Room 2', location: 'Enola PA', description: 'Line one,\nline two; three \\ four' });
    const res = await getText(h.base, `/api/events/${dst.id}/ics`);
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/^text\/calendar/);
    expectFraming(res.text);
    expect(res.text).toContain('DTSTART:20270314T220000Z');
    const [ev] = parsed(res.text);
    expect(ev!.summary).toBe(TITLE);
    expect(ev!.startDate.isDate).toBe(false);
    expect(ev!.startDate.toJSDate().toISOString()).toBe('2027-03-14T22:00:00.000Z');
    expect(ev!.startDate.toJSDate().toISOString()).toBe((eventStart('2027-03-14', '6 PM') as { at: Date }).at.toISOString());
    expect(ev!.location).toBe('Temple Hall; Room 2, Enola PA');
    expect(ev!.description).toContain('Line one,\nline two; three \\ four');
    expect(ev!.uid).toBe(`${dst.id}@localhost`);
    expect(ev!.component.getFirstPropertyValue('url')).toBe(`${PUBLIC_URL}/listing/${dst.id}`);
    expect(ev!.component.getFirstPropertyValue('dtstamp')).toBeTruthy();

    // In winter the same 6 PM is EST, UTC−5.
    const winter = await event({ eventDate: '2027-01-15', eventTime: '18:00' });
    const [w] = parsed((await getText(h.base, `/api/events/${winter.id}/ics`)).text);
    expect(w!.startDate.toJSDate().toISOString()).toBe('2027-01-15T23:00:00.000Z');
  });

  it('writes an all-day event as a date ending the next day', async () => {
    const l = await event({ eventDate: '2027-11-07', eventTime: 'after evening prayers' });
    const res = await getText(h.base, `/api/events/${l.id}/ics`);
    expect(res.text).toContain('DTSTART;VALUE=DATE:20271107');
    expect(res.text).toContain('DTEND;VALUE=DATE:20271108');
    const [ev] = parsed(res.text);
    expect(ev!.startDate.isDate).toBe(true);
    expect(ev!.startDate.toString()).toBe('2027-11-07');
    expect(ev!.endDate.toString()).toBe('2027-11-08');
  });

  it('serves the feed at /events.ics: upcoming events only', async () => {
    const soon = await event({ title: 'Feed: soon', eventDate: dayFromToday(5) });
    const past = await event({ title: 'Feed: past', eventDate: dayFromToday(-2) });
    const far = await event({ title: 'Feed: too far', eventDate: dayFromToday(200) });
    const res = await getText(h.base, '/events.ics');
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/^text\/calendar/);
    expectFraming(res.text);
    const uids = parsed(res.text).map((e) => e.uid);
    expect(uids).toContain(`${soon.id}@localhost`);
    expect(uids).not.toContain(`${past.id}@localhost`);
    expect(uids).not.toContain(`${far.id}@localhost`);
  });

  it('escapes and folds by the rules', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
    const folded = foldLine(`SUMMARY:${'é'.repeat(60)}`);
    for (const line of folded.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(folded.split('\r\n').slice(1).every((l) => l.startsWith(' '))).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(`SUMMARY:${'é'.repeat(60)}`);
  });

  it('answers an unknown event 404', async () => {
    expect((await getText(h.base, '/api/events/00000000-0000-4000-8000-000000000000/ics')).status).toBe(404);
  });
});

describe('the /events page\'s link preview', () => {
  afterEach(() => h.setNow(null));

  it('names the next events', async () => {
    h.setNow(new Date('2031-05-01T12:00:00Z'));
    await event({ title: 'Summer Mela', eventDate: '2031-05-03', location: 'Carlisle PA' });
    await event({ title: 'Spring Garba', eventDate: '2031-05-02' });
    const res = await call(h.base, 'GET', '/api/events/preview');
    expect(res.status).toBe(200);
    const { description } = RemotePagePreviewSchema.parse(res.body);
    expect(description).toBe('Coming up: Spring Garba (Friday, May 2, Harrisburg PA); Summer Mela (Saturday, May 3, Carlisle PA).');
  });

  it('says what the page is when nothing is coming', async () => {
    h.setNow(new Date('2040-01-01T12:00:00Z'));
    const { description } = RemotePagePreviewSchema.parse((await call(h.base, 'GET', '/api/events/preview')).body);
    expect(description).toMatch(/^Community events/);
  });
});
