/**
 * What the page shares as `react-router` (Module Federation `shared['react-router'].import`): react-router 7's
 * declarative mode — <BrowserRouter>, <Routes>/<Route>, links and the location hooks — which is all a single-page app
 * composed at run time needs (the shell renders the remotes' routes with useRoutes). Left out: the data router
 * (createBrowserRouter, loaders, actions, fetchers, <Form>, blockers), framework mode and the server parts. A shared
 * module is never tree-shaken, so sharing the whole package would ship all of that to every visitor
 * (`npm run bench` prints what this subset weighs on the home page).
 * Code keeps importing from 'react-router'; a name missing here fails shell/test/react-router-subset.test.ts.
 * Tests import the real package, so they may use memory and data routers.
 */
export {
  BrowserRouter,
  HashRouter,
  Link,
  MemoryRouter,
  NavLink,
  Navigate,
  NavigationType,
  Outlet,
  Route,
  Router,
  Routes,
  createPath,
  createRoutesFromChildren,
  createRoutesFromElements,
  createSearchParams,
  generatePath,
  href,
  matchPath,
  matchRoutes,
  parsePath,
  renderMatches,
  resolvePath,
  useHref,
  useInRouterContext,
  useLinkClickHandler,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutlet,
  useOutletContext,
  useParams,
  useResolvedPath,
  useRoutes,
  useSearchParams,
  UNSAFE_LocationContext,
  UNSAFE_NavigationContext,
  UNSAFE_RouteContext,
} from '@cp/react-router-impl';
