// Jest uses this in place of '@umijs/max' in every test file (a manual mock of a package); what it
// gives is made in src/testing/umiMocks.tsx.
export {
  createHistory,
  Helmet,
  history,
  Link,
  matchPath,
  request,
  useAccess,
  useLocation,
  useModel,
  useParams,
  useSearchParams,
} from '../../umiMocks';
