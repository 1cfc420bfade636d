// What the host lends of React Router to the remotes: the federated module behind `react-router-dom`
// (shared/webpack/create-config.cjs). A federated module is provided whole, and React Router 7 whole is
// 190 KB (its data routers, server rendering and cookie helpers, which no app here uses); this list
// keeps one router instance for the whole page at a fifth of that. The build fails when an app
// imports a name that is not listed: add it here (docs/decisions/0014-bytes-on-the-wire.md).
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  NavLink,
  Navigate,
  Outlet,
  Route,
  Routes,
  matchPath,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
