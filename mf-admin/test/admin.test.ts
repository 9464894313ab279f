import { AdvertisementInsertSchema, BusinessInsertSchema, type Business } from '@cp/contracts';
import { validate } from '@cp/web-core';
import { adminGate, ctr } from '../src/lib/admin.ts';
import { adFixture } from './support/admin-data.ts';
import { adFormFrom, adPayload, businessFormFrom, businessPayload, emptyAdForm, emptyBusinessForm, withMainCategory } from '../src/lib/admin-forms.ts';

describe('admin gates (spec §2 Admin)', () => {
  it('nobody → login, a user → denied, an admin → the dashboard', () => {
    expect(adminGate(null)).toBe('login');
    expect(adminGate({ isAdmin: false })).toBe('denied');
    expect(adminGate({ isAdmin: true })).toBe('admin');
  });
});

describe('CTR (spec §2): clicks / impressions × 100 with 2 decimals, or 0', () => {
  it.each([
    [0, 0, '0'],
    [0, 5, '0'],
    [200, 3, '1.50'],
    [3, 1, '33.33'],
    [1000, 1000, '100.00'],
  ])('%i impressions, %i clicks → %s', (impressions, clicks, expected) => {
    expect(ctr(impressions, clicks)).toBe(expected);
  });
});

describe('advertisement form (spec §5)', () => {
  it('defaults: placement homepage-top, size large, pricing tier banner, status active', () => {
    expect(emptyAdForm()).toMatchObject({ placement: 'homepage-top', size: 'large', pricingTier: 'banner', status: 'active' });
  });

  it('payload: trimmed, blank image and dates omitted, dates as whole days; accepted by the contracts schema', () => {
    const body = adPayload({ ...emptyAdForm(), title: ' Diwali Sale ', description: ' 20% off ', ctaText: 'Shop', ctaUrl: 'https://shop.example.com', startDate: '2026-11-01', endDate: '2026-11-01' });
    expect(body).toEqual({
      title: 'Diwali Sale',
      description: '20% off',
      ctaText: 'Shop',
      ctaUrl: 'https://shop.example.com',
      placement: 'homepage-top',
      size: 'large',
      pricingTier: 'banner',
      status: 'active',
      startDate: '2026-11-01T00:00:00.000Z',
      endDate: '2026-11-01T23:59:59.999Z',
    });
    expect(validate(AdvertisementInsertSchema, body).ok).toBe(true);
  });

  it('the schema rejects a missing title, a bad URL and an end before the start', () => {
    const checked = validate(AdvertisementInsertSchema, adPayload({ ...emptyAdForm(), ctaText: 'Go', ctaUrl: 'not a url', description: 'x', startDate: '2026-11-02', endDate: '2026-11-01' }));
    expect(checked.ok).toBe(false);
    if (!checked.ok) {
      expect(checked.errors.title).toBe('Title is required');
      expect(checked.errors.ctaUrl).toBe('Please enter a valid URL');
      expect(checked.errors.endDate).toBe('End date must be after the start date');
    }
  });

  it('edit form round-trips an advertisement', () => {
    const ad = adFixture({ placement: 'homepage-middle', size: 'small', pricingTier: null, status: 'paused', startDate: '2026-01-05T00:00:00.000Z', endDate: null });
    expect(adFormFrom(ad)).toEqual({ ...emptyAdForm(), title: 'Diwali Sale', description: '20% off sweets', ctaText: 'Shop now', ctaUrl: 'https://shop.example.com', placement: 'homepage-middle', size: 'small', status: 'paused', startDate: '2026-01-05' });
  });

  it('an ad that shows expired because it ended: the form starts from the status the admin set', () => {
    const ad = adFixture({ status: 'expired', storedStatus: 'active', endDate: '2025-01-31T23:59:59.999Z' });
    expect(adFormFrom(ad)).toMatchObject({ status: 'active', endDate: '2025-01-31' });
    expect(adPayload(adFormFrom(ad))).toMatchObject({ status: 'active', endDate: '2025-01-31T23:59:59.999Z' });
    // set to expired by hand: it stays so
    expect(adFormFrom({ ...ad, storedStatus: 'expired' }).status).toBe('expired');
  });
});

describe('business form (spec §5)', () => {
  it('changing the main category clears the subcategory and sets category to it', () => {
    const v = { ...emptyBusinessForm(), mainCategory: 'Automotive' as const, subCategory: 'Auto Repair', category: 'Automotive' };
    expect(withMainCategory(v, 'Food & Dining')).toMatchObject({ mainCategory: 'Food & Dining', subCategory: '', category: 'Food & Dining' });
  });

  it('required fields and the e-mail format come from the contracts schema', () => {
    const checked = validate(BusinessInsertSchema, businessPayload({ ...emptyBusinessForm(), email: 'nope' }));
    expect(checked.ok).toBe(false);
    if (!checked.ok) {
      expect(Object.keys(checked.errors).sort()).toEqual(['address', 'description', 'email', 'mainCategory', 'name', 'phone']);
      expect(checked.errors.email).toBe('Invalid email address');
    }
  });

  it('a filled form gives the §7 body; blank optionals are left out', () => {
    const v = withMainCategory({ ...emptyBusinessForm(), name: ' Spice Bazaar ', description: 'Groceries', address: '1 Market St', phone: '717-555-0100', website: 'https://spice.example.com' }, 'Shopping');
    const body = businessPayload({ ...v, subCategory: 'Grocery Stores', premium: true });
    expect(body).toEqual({
      name: 'Spice Bazaar',
      category: 'Shopping',
      mainCategory: 'Shopping',
      subCategory: 'Grocery Stores',
      description: 'Groceries',
      address: '1 Market St',
      phone: '717-555-0100',
      website: 'https://spice.example.com',
      premium: true,
    });
    expect(validate(BusinessInsertSchema, body)).toMatchObject({ ok: true });
    // a subcategory of another main category is refused
    expect(validate(BusinessInsertSchema, { ...body, subCategory: 'Auto Repair' }).ok).toBe(false);
  });

  it('edit form from a business', () => {
    const b: Business = {
      id: '00000000-0000-4000-8000-000000000001',
      userId: '11111111-1111-4111-8111-111111111111',
      name: 'N',
      category: 'Grocers',
      mainCategory: 'Grocers',
      subCategory: null,
      description: 'D',
      address: 'A',
      phone: 'P',
      email: null,
      website: 'w.example',
      logoUrl: null,
      rating: 4,
      reviewCount: 2,
      verified: true,
      premium: false,
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    expect(businessFormFrom(b)).toEqual({ ...emptyBusinessForm(), name: 'N', category: 'Grocers', mainCategory: 'Grocers', description: 'D', address: 'A', phone: 'P', website: 'w.example' });
  });
});
