import postcss from 'postcss';
import utilitySublayers, { firstClassName, sublayerOf, variantsOf } from '../../packages/web-core/build/utility-sublayers.js';

describe('utility sub-layers (one cascade for the stylesheets of the shell and the remotes)', () => {
  it('reads the variants of a Tailwind class', () => {
    expect(firstClassName('.sm\\:flex-row')).toBe('sm:flex-row');
    expect(firstClassName('.\\32 xl\\:px-8')).toBe('2xl:px-8');
    expect(firstClassName('.\\[\\&\\>span\\]\\:line-clamp-1>span')).toBe('[&>span]:line-clamp-1');
    expect(variantsOf('flex-col')).toEqual([]);
    expect(variantsOf('sm:flex-row')).toEqual(['sm']);
    expect(variantsOf('md:hover:bg-accent')).toEqual(['md', 'hover']);
    expect(variantsOf('[&>span]:line-clamp-1')).toEqual(['[&>span]']);
    expect(variantsOf('[mask-type:luminance]')).toEqual([]);
  });

  it('sorts selectors into base < state < breakpoints', () => {
    expect(sublayerOf('.flex-col')).toBe('base');
    expect(sublayerOf('.space-y-2>:not(:last-child)')).toBe('base');
    expect(sublayerOf('.w-\\[calc\\(100\\%-2rem\\)\\]')).toBe('base');
    expect(sublayerOf('.hover\\:bg-accent:hover')).toBe('state');
    expect(sublayerOf('.data-\\[state\\=active\\]\\:bg-background[data-state=active]')).toBe('state');
    expect(sublayerOf('.sm\\:flex-row')).toBe('sm');
    expect(sublayerOf('.lg\\:hover\\:underline:hover')).toBe('lg');
    expect(sublayerOf('.\\32 xl\\:px-8')).toBe('xxl');
  });

  it('rewrites @layer utilities into ordered sub-layers, splitting grouped media queries', async () => {
    const css =
      '@layer theme,base,components,utilities;@layer utilities{.flex-col{flex-direction:column}.focus-visible\\:ring-2:focus-visible{--x:1}' +
      '@media (min-width:40rem){.sm\\:flex-row{flex-direction:row}}@media (hover:hover){.hover\\:bg-accent:hover{color:red}}}';
    const { css: out } = await postcss([utilitySublayers()]).process(css, { from: undefined });
    expect(out).toContain('@layer base, state, sm, md, lg, xl, xxl');
    const order = ['@layer base', '.flex-col', '@layer state', '.focus-visible', '.hover\\:bg-accent', '@layer sm', '.sm\\:flex-row'].map((s) => out.indexOf(s));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(out).toContain('@media (min-width:40rem){.sm\\:flex-row');
  });

  it('leaves other layers alone', async () => {
    const css = '@layer base{*{margin:0}}@layer theme{:root{--a:1}}';
    const { css: out } = await postcss([utilitySublayers()]).process(css, { from: undefined });
    expect(out).toBe(css);
  });
});
