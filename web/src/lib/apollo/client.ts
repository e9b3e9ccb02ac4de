import { ApolloClient, HttpLink, InMemoryCache, from, type FieldPolicy } from '@apollo/client';
import { setContext } from '@apollo/client/link/context';
import { onError } from '@apollo/client/link/error';
// Its own module, not the package's index: the index brings dayjs and every rule onto sign-in's critical path.
import { CONDITION_TYPENAMES } from '@fsi/shared/walkabouts/condition-codec';
import { appErrors, SERVER_UNREACHABLE } from '../events';
import { reachabilityLink } from './reachabilityLink';
import { fetchWithEarlyAnswers } from './earlyAnswer';
import { endRefusedSession } from '../session/refusal';
import { readAccessToken } from '../session/session';
import { classifyFailure } from './runMutation';

/**
 * Set `context: { handlesErrors: true }` on an operation whose screen shows its
 * own messages (sign-in, sign-out, password screens): the link then neither
 * raises the banner nor ends the session for it.
 */
export type OperationContext = { handlesErrors?: boolean };

type PagedConnection = { nodes: ReadonlyArray<unknown>; pageInfo: unknown };

/**
 * Offset pages of a connection merged into one list per filter (keyArgs), so
 * that "Load more" appends page N at its place and the first page's query
 * reads every page loaded so far.
 */
function pagedConnection(keyArgs: string[]): FieldPolicy<PagedConnection> {
  return {
    keyArgs,
    merge(existing, incoming, { args }) {
      const page = typeof args?.page === 'number' ? args.page : 1;
      const pageSize = typeof args?.pageSize === 'number' ? args.pageSize : incoming.nodes.length;
      const nodes = page === 1 ? [] : [...(existing?.nodes ?? [])];
      const offset = (page - 1) * pageSize;
      incoming.nodes.forEach((node, index) => {
        nodes[offset + index] = node;
      });
      return { ...incoming, nodes };
    },
  };
}

/** The list fields of Organization (schema/*.graphql), none of them paged. */
const ORGANIZATION_LISTS = [
  'allReportBookletTemplates',
  'allReportDefinitions',
  'buildings',
  'buildingsWithContracts',
  'cycles',
  'equipmentTypes',
  'regions',
  'reportBookletTemplates',
  'reportDefinitions',
  'roles',
  'taskEquipmentChoices',
  'taskGroupChoices',
  'taskGroups',
  'users',
];

export function createCache(): InMemoryCache {
  return new InMemoryCache({
    // A fragment on the Condition interface (ConditionValue_condition) matches each condition type.
    possibleTypes: { Condition: Object.values(CONDITION_TYPENAMES) },
    typePolicies: {
      Query: {
        fields: {
          buildings: pagedConnection(['organizationId', 'regionId']),
          organizations: pagedConnection([]),
        },
      },
      // An organization's lists are always read whole: a new answer replaces the list (one shorter after a delete
      // included), which without a policy Apollo does too, warning each time that data may be lost.
      Organization: { fields: Object.fromEntries(ORGANIZATION_LISTS.map((field) => [field, { merge: false }])) },
      // Objects without an id that several queries select parts of: merge them instead of replacing.
      ViewerPermissions: { merge: true },
      AppInfo: { merge: true },
      BuildingInformation: { merge: true },
    },
  });
}

function hasStatus(error: unknown): error is { statusCode: number; result?: unknown } {
  return typeof error === 'object' && error !== null && typeof (error as { statusCode?: unknown }).statusCode === 'number';
}

function stringField(value: unknown, key: string): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const field = (value as Record<string, unknown>)[key];
  return typeof field === 'string' && field.length > 0 ? field : undefined;
}

/** The banner text of spec section 8: the error text, or '{title}! {detail}' from the first error. */
export function bannerMessage(source: unknown, fallback: string): string {
  const direct = stringField(source, 'error');
  if (direct) return direct;
  const errors = typeof source === 'object' && source !== null ? (source as { errors?: unknown }).errors : undefined;
  const first: unknown = Array.isArray(errors) ? errors[0] : source;
  const extensions = typeof first === 'object' && first !== null ? (first as { extensions?: unknown }).extensions : undefined;
  const title = stringField(first, 'title') ?? stringField(extensions, 'title');
  const detail = stringField(first, 'detail') ?? stringField(extensions, 'detail');
  if (title && detail) return `${title}! ${detail}`;
  return stringField(first, 'message') ?? fallback;
}

export function createApolloClient({ uri }: { uri: string }): ApolloClient<unknown> {
  const authLink = setContext((_, { headers }: { headers?: Record<string, string> }) => {
    const token = readAccessToken();
    return { headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } };
  });

  const errorLink = onError(({ graphQLErrors, networkError, operation }) => {
    const context = operation.getContext() as OperationContext;
    if (context.handlesErrors) return;
    if (classifyFailure(graphQLErrors ?? [], networkError).status === 'signedOut') {
      endRefusedSession();
      return;
    }
    const firstError = graphQLErrors?.[0];
    if (firstError) {
      appErrors.emit(bannerMessage(firstError, 'An unknown error occurred.'));
      return;
    }
    if (!networkError) return;
    if (!hasStatus(networkError)) {
      // fetch itself failed: no answer at all, which in a basement is the usual case.
      appErrors.emit(SERVER_UNREACHABLE);
      return;
    }
    appErrors.emit(bannerMessage(networkError.result, `The server answered with an error (${networkError.statusCode}).`));
  });

  return new ApolloClient({
    link: from([reachabilityLink, errorLink, authLink, new HttpLink({ uri, fetch: fetchWithEarlyAnswers })]),
    cache: createCache(),
  });
}
