import { SourceMapGenerator } from 'source-map-js';
import { groupOf, OWN_CODE, sourcePackage, splitByGroup } from '../stack-share.ts';

describe('sourcePackage', () => {
  test.each([
    ['webpack://shell/../node_modules/react-dom/cjs/react-dom-client.production.js', 'react-dom'],
    ['webpack://shell/../node_modules/@module-federation/runtime-core/dist/index.esm.js', '@module-federation/runtime-core'],
    ['webpack://mf_listings/../node_modules/a/node_modules/@reduxjs/toolkit/dist/index.js', '@reduxjs/toolkit'],
    ['webpack://shell/../node_modules/.federation/entry.1234.js', '.federation'],
    ['webpack://shell/webpack/runtime/sharing', 'webpack'],
    ['webpack://mf_listings/external global "_FEDERATION_RUNTIME_CORE"', 'webpack'],
    ['webpack://shell/./src/chrome/Header.tsx', undefined],
    ['webpack://shell/../packages/ui/lib/utils.ts', undefined],
  ])('%s → %s', (source, pkg) => {
    expect(sourcePackage(source)).toBe(pkg);
  });
});

describe('groupOf', () => {
  test('the required stack by package, everything else ours', () => {
    expect(groupOf('scheduler')).toBe('react + react-dom');
    expect(groupOf('@module-federation/sdk')).toBe('Module Federation runtime + webpack runtime');
    expect(groupOf('webpack')).toBe('Module Federation runtime + webpack runtime');
    expect(groupOf('immer')).toBe('redux-toolkit + RTK Query + react-redux');
    expect(groupOf('react-router')).toBe('react-router');
    expect(groupOf('class-variance-authority')).toBe(OWN_CODE);
    expect(groupOf('react-routerx')).toBe(OWN_CODE);
    expect(groupOf(undefined)).toBe(OWN_CODE);
  });
});

describe('splitByGroup', () => {
  test('each mapping owns the text up to the next mapping on its line; unmapped text is ours', () => {
    const code = 'AAAABBBBCCCC\n  DDDDEEEE';
    const map = new SourceMapGenerator({ file: 'main.js' });
    const add = (line: number, column: number, source: string) =>
      map.addMapping({ generated: { line, column }, original: { line: 1, column: 0 }, source });
    add(1, 0, 'webpack://shell/../node_modules/react-dom/index.js');
    add(1, 4, 'webpack://shell/./src/App.tsx');
    add(1, 8, 'webpack://shell/webpack/runtime/sharing');
    add(2, 2, 'webpack://shell/../node_modules/react-router/dist/index.mjs');
    add(2, 6, 'webpack://shell/../node_modules/immer/dist/immer.mjs');
    const parts = splitByGroup(code, JSON.parse(map.toString()));
    expect(parts).toEqual({
      'react + react-dom': 'AAAA',
      'Module Federation runtime + webpack runtime': 'CCCC',
      'redux-toolkit + RTK Query + react-redux': 'EEEE',
      'react-router': 'DDDD',
      [OWN_CODE]: 'BBBB  ',
    });
    // Nothing lost, nothing counted twice.
    expect(Object.values(parts).join('').length).toBe(code.length - 1);
  });
});
