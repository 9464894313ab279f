import { YELLOW_PAGES_MAIN_CATEGORIES, type Business } from '@cp/contracts';
import { featuredBusinesses, ratingText, telHref, websiteHref, whatsappHref, yellowPagesQueryString } from '../src/lib/directory.ts';
import { categoriesByLetter, letterIndex, subcategoriesOf, yellowPagesArgs } from '../src/lib/yellow-pages.ts';

const business = (i: number): Business => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  userId: '11111111-1111-4111-8111-111111111111',
  name: `Business ${i}`,
  category: 'Grocers',
  description: 'Fresh vegetables and spices.',
  address: '1 Market St, Mechanicsburg PA',
  phone: '(717) 555-0100',
  rating: 0,
  reviewCount: 0,
  verified: false,
  premium: false,
  createdAt: '2025-11-01T00:00:00.000Z',
});

describe('Yellow Pages index and tree (spec §2, §3)', () => {
  it('A–Z: letters without a main category are disabled', () => {
    const index = letterIndex();
    expect(index).toHaveLength(26);
    const enabled = index.filter((l) => l.enabled).map((l) => l.letter);
    expect(enabled).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'R', 'S']);
    expect(index.find((l) => l.letter === 'Z')).toEqual({ letter: 'Z', enabled: false });
  });

  it('groups the fourteen main categories by letter, in tree order', () => {
    const groups = categoriesByLetter();
    expect([...groups.values()].flat()).toEqual([...YELLOW_PAGES_MAIN_CATEGORIES]);
    expect(groups.get('B')).toEqual(['Beauty & Wellness', 'Beauty Salons']);
    expect(groups.get('S')).toEqual(['Shopping', 'Services']);
  });

  it('subcategories come from the contracts tree', () => {
    expect(subcategoriesOf('Automotive')).toEqual(['Auto Dealers', 'Auto Repair']);
    expect(subcategoriesOf('Grocers')).toEqual([]);
    expect(subcategoriesOf('Nope')).toEqual([]);
    expect(subcategoriesOf(null)).toEqual([]);
  });

  it('fetches only with a main category; the query carries the subcategory when chosen', () => {
    expect(yellowPagesArgs({ mainCategory: null, subCategory: null })).toBeNull();
    expect(yellowPagesArgs({ mainCategory: 'Food & Dining', subCategory: null })).toEqual({ mainCategory: 'Food & Dining' });
    const args = yellowPagesArgs({ mainCategory: 'Food & Dining', subCategory: 'Bakeries & Desserts' })!;
    expect(yellowPagesQueryString(args)).toBe('mainCategory=Food+%26+Dining&subCategory=Bakeries+%26+Desserts');
  });
});

describe('business card links (spec §2 Yellow Pages)', () => {
  it('WhatsApp: digits only, a 10-digit number gets 1 prepended', () => {
    expect(whatsappHref('(717) 555-0100')).toBe('https://wa.me/17175550100');
    expect(whatsappHref('+91 98765 43210')).toBe('https://wa.me/919876543210');
    expect(whatsappHref('1-717-555-0100')).toBe('https://wa.me/17175550100');
    expect(whatsappHref('n/a')).toBeNull();
  });

  it('call link keeps a leading +', () => {
    expect(telHref('(717) 555-0100')).toBe('tel:7175550100');
    expect(telHref(' +1 717 555 0100')).toBe('tel:+17175550100');
    expect(telHref('')).toBeNull();
  });

  it('website: http(s) kept, bare domains get https, other schemes refused', () => {
    expect(websiteHref('https://spice.example.com')).toBe('https://spice.example.com');
    expect(websiteHref('spice.example.com')).toBe('https://spice.example.com');
    expect(websiteHref('javascript:alert(1)')).toBeNull();
    expect(websiteHref('  ')).toBeNull();
    expect(websiteHref(null)).toBeNull();
  });

  it('rating out of 5', () => {
    expect(ratingText(4.5)).toBe('4.5');
    expect(ratingText(4)).toBe('4');
    expect(ratingText(4.25)).toBe('4.3');
    expect(ratingText(7)).toBe('5');
  });
});

describe('lists', () => {
  it('home shows the first 3 businesses', () => {
    const list = [1, 2, 3, 4, 5].map(business);
    expect(featuredBusinesses(list).map((b) => b.name)).toEqual(['Business 1', 'Business 2', 'Business 3']);
  });
});
