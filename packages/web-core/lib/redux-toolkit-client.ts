/**
 * What the page shares as `@reduxjs/toolkit` (Module Federation `shared['@reduxjs/toolkit'].import`): the store,
 * slices, actions, thunks and selectors the apps use, plus every name RTK Query (`@reduxjs/toolkit/query`, bundled
 * with web-core's base API) takes from the toolkit. Left out: the listener and dynamic middleware, entity adapters and
 * the standalone reducer/middleware builders, which no app uses. A shared module is never tree-shaken, so sharing the
 * whole package would ship them to every visitor.
 * Code keeps importing from '@reduxjs/toolkit'; a name missing here fails shell/test/shared-subsets.test.ts.
 */
export {
  SHOULD_AUTOBATCH,
  combineReducers,
  combineSlices,
  configureStore,
  createAction,
  createAsyncThunk,
  createNextState,
  createSelector,
  createSlice,
  current,
  formatProdErrorMessage,
  isAction,
  isAllOf,
  isAnyOf,
  isAsyncThunkAction,
  isFulfilled,
  isPending,
  isPlainObject,
  isRejected,
  isRejectedWithValue,
  nanoid,
  original,
  prepareAutoBatched,
} from '@cp/redux-toolkit-impl';
