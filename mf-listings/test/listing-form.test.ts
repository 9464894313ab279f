import { ListingInsertSchema, ListingUpdateSchema, type Listing } from '@cp/contracts';
import { validate } from '@cp/web-core';
import { clearedFields, emptyListingForm, listingFormFrom, listingPayload, pickImages } from '../src/lib/listing-form.ts';
import { listingFixture } from './listing-fixture.ts';

const filled = {
  ...emptyListingForm(),
  category: 'Events' as const,
  title: '  Diwali Mela 2026  ',
  description: 'Food stalls, garba and fireworks for the whole family.',
  price: '0',
  location: 'Camp Hill PA',
  contactPhone: '   ',
  contactEmail: 'mela@example.com',
  eventDate: '2026-11-08',
  eventTime: '6:00 PM',
  venue: 'Camp Hill Community Hall',
  organizer: '',
  eventType: 'Cultural',
};

describe('listing form payload (spec §5 On submit)', () => {
  it('trims, omits blank optionals and a price of 0, keeps event fields for Events', () => {
    const body = listingPayload(filled, ['/uploads/img/0b5e2a52-7d5c-4a8e-9f2e-2b7f1f6d0c11.webp']);
    expect(body).toEqual({
      category: 'Events',
      title: 'Diwali Mela 2026',
      description: 'Food stalls, garba and fireworks for the whole family.',
      location: 'Camp Hill PA',
      contactEmail: 'mela@example.com',
      eventDate: '2026-11-08',
      eventTime: '6:00 PM',
      venue: 'Camp Hill Community Hall',
      eventType: 'Cultural',
      contactPreference: 'show',
      tier: 'free',
      status: 'active',
      imageUrls: ['/uploads/img/0b5e2a52-7d5c-4a8e-9f2e-2b7f1f6d0c11.webp'],
    });
    expect(validate(ListingInsertSchema, body).ok).toBe(true);
  });

  it('drops event fields for other categories and keeps a positive price as a number', () => {
    const body = listingPayload({ ...filled, category: 'Buy & Sell', price: '45' });
    expect(body).toMatchObject({ category: 'Buy & Sell', price: 45 });
    for (const f of ['eventDate', 'eventTime', 'venue', 'eventType', 'imageUrls']) expect(body).not.toHaveProperty(f);
  });

  it('keeps the employer for Jobs only, trimmed, and reports its bounds', () => {
    const job = { ...filled, category: 'Jobs' as const, employer: '  Saffron Grill ' };
    const body = listingPayload(job);
    expect(body).toMatchObject({ category: 'Jobs', employer: 'Saffron Grill' });
    for (const f of ['eventDate', 'venue']) expect(body).not.toHaveProperty(f);
    expect(validate(ListingInsertSchema, body).ok).toBe(true);
    expect(listingPayload({ ...job, category: 'Services' })).not.toHaveProperty('employer');
    expect(listingPayload({ ...job, employer: '   ' })).not.toHaveProperty('employer');
    const short = validate(ListingInsertSchema, listingPayload({ ...job, employer: 'A' }));
    expect(short.ok).toBe(false);
    if (!short.ok) expect(short.errors.employer).toBe('Employer must be at least 2 characters');
  });

  it('reports the spec messages', () => {
    const result = validate(ListingInsertSchema, listingPayload({ ...emptyListingForm(), title: 'abc', description: 'short', contactEmail: 'nope' }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toMatchObject({
      category: 'Please select a category',
      location: 'Please select a location',
      title: 'Title must be at least 5 characters',
      description: 'Description must be at least 20 characters',
      contactEmail: 'Invalid email address',
    });
  });

  it('does not drop a price that is not a whole number: the schema reports it', () => {
    const result = validate(ListingInsertSchema, listingPayload({ ...filled, price: '12.5' }));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.price).toBe('Price must be a whole number');
  });

  it('edits an existing listing with its values and sends a valid update', () => {
    const listing = listingFixture(1, { price: 650, imageUrls: ['/uploads/img/5f0c4f0e-1d2b-4c3a-8e9f-6a7b8c9d0e1f.webp'], contactPhone: '717-555-0134', contactEmail: null });
    const values = listingFormFrom(listing);
    expect(values).toMatchObject({ price: '650', contactEmail: '', tier: 'free' });
    const body = listingPayload({ ...values, tier: 'gold' });
    expect(body).toMatchObject({ tier: 'gold', price: 650, contactPhone: '717-555-0134' });
    expect(body).not.toHaveProperty('imageUrls');
    expect(validate(ListingUpdateSchema, body).ok).toBe(true);
  });
});

describe('contact preference (issue 23 §2)', () => {
  it('a new listing shows its contacts; messages-only is sent as chosen, with the phone and e-mail kept', () => {
    expect(emptyListingForm().contactPreference).toBe('show');
    const body = listingPayload({ ...filled, contactPhone: '717-555-0100', contactPreference: 'messages-only' });
    expect(body).toMatchObject({ contactPreference: 'messages-only', contactPhone: '717-555-0100', contactEmail: 'mela@example.com' });
    expect(validate(ListingInsertSchema, body).ok).toBe(true);
  });
  it("an existing listing's edit form starts from its choice; one stored before the choice is 'show'", () => {
    const base = { id: '00000000-0000-4000-8000-000000000009', userId: '11111111-1111-4111-8111-111111111111', category: 'Buy & Sell', title: 'Old bicycle', description: 'A red bicycle in good condition.', location: 'Enola PA', imageUrls: [], tier: 'free', status: 'active', createdAt: '2026-11-01T10:00:00.000Z', updatedAt: '2026-11-01T10:00:00.000Z' } satisfies Listing;
    expect(listingFormFrom(base).contactPreference).toBe('show');
    expect(listingFormFrom({ ...base, contactPreference: 'messages-only' }).contactPreference).toBe('messages-only');
    expect(validate(ListingUpdateSchema, listingPayload(listingFormFrom({ ...base, contactPreference: 'messages-only' }))).ok).toBe(true);
  });
});

describe('picking images (spec §5 Images)', () => {
  const img = (size = 1000) => ({ type: 'image/png', size });
  it('takes images up to the slots left and flags the rest', () => {
    const picked = pickImages([img(), img(), img()], 8);
    expect(picked.accepted).toHaveLength(2);
    expect(picked.overLimit).toBe(true);
  });
  it('takes only image files and at most 10 MB each', () => {
    const picked = pickImages([img(), { type: 'application/pdf', size: 10 }, img(10 * 1024 * 1024 + 1)], 0);
    expect(picked.accepted).toHaveLength(1);
    expect(picked).toMatchObject({ overLimit: false, notImages: 1, tooLarge: 1 });
  });
  it('takes nothing when 10 are attached', () => {
    expect(pickImages([img()], 10)).toMatchObject({ accepted: [], overLimit: true });
  });
});

describe('clearing fields on edit', () => {
  const listing = listingFixture(2, {
    category: 'Events',
    price: 15,
    contactPhone: '717-555-0100',
    contactEmail: 'garba@example.com',
    eventDate: '2026-10-10',
    eventTime: '7:00 PM',
    venue: 'Hindu American Religious Institute',
    organizer: null,
    eventType: 'Cultural',
  });
  it('names the optional fields that were set and are now blank, and a price set to 0', () => {
    const values = { ...listingFormFrom(listing), contactPhone: ' ', price: '0', venue: '' };
    expect(clearedFields(values, listing).sort()).toEqual(['contactPhone', 'price', 'venue']);
  });
  it('leaves event fields to the category change', () => {
    const values = { ...listingFormFrom(listing), category: 'Community' as const, eventDate: '' };
    expect(clearedFields(values, listing)).toEqual([]);
  });
  it('names nothing for an unchanged listing', () => {
    expect(clearedFields(listingFormFrom(listing), listing)).toEqual([]);
  });
  it("clears a job's employer emptied in the form, and leaves it to a category change", () => {
    const job: Listing = { ...listing, category: 'Jobs', eventDate: null, venue: null, eventTime: null, eventType: null, employer: 'Saffron Grill' };
    expect(listingFormFrom(job).employer).toBe('Saffron Grill');
    expect(clearedFields({ ...listingFormFrom(job), employer: ' ' }, job)).toEqual(['employer']);
    expect(clearedFields({ ...listingFormFrom(job), category: 'Services', employer: '' }, job)).toEqual([]);
  });
});
