/**
 * The framework's parts that admin pages use in jest, made by one factory each so a page's Chinese
 * and English test files mock them alike:
 * `jest.mock('@umijs/max', () => require('@/testing/umiMocks').adminPageUmi())`.
 */

/** Navigation on 40100 (the request layer) and links, rendered as plain anchors. */
export function linkingUmi() {
  return {
    history: { replace: jest.fn() },
    Link: ({ to, ...props }: { to: string }) => <a href={to} {...props} />,
  };
}

/** As linkingUmi, with the admin (user 1790000000000000001) logged in. */
export function adminPageUmi() {
  return {
    ...linkingUmi(),
    useModel: () => ({
      initialState: { loginUser: { id: '1790000000000000001', userRole: 'admin' } },
      setInitialState: jest.fn(),
    }),
  };
}

/** The catalogue's: links and navigation, the URL's query as the page reads it, a user who is no admin. */
export function catalogueUmi() {
  return {
    history: { push: jest.fn(), replace: jest.fn() },
    Link: ({ to, ...props }: { to: string }) => <a href={to} {...props} />,
    useAccess: () => ({ canAdmin: false }),
    useSearchParams: () => [new URLSearchParams(globalThis.location.search)],
  };
}
