/**
 * Limits on what one GraphQL operation may ask for (graphql-armor). The deepest
 * tree a client may want is organizations → nodes → regions → children over the
 * five region levels of admin-people-schedules.md section 9: depth 8, cost about
 * 160 by armor's measure, as the web's BuildingsPage (about 170); a walkabout page
 * (floors → entries → sections → conditions) would be about 400-800.
 * test/limits.test.ts checks that every operation of the web fits; the margins
 * leave room to grow, not to abuse.
 */
import { ApolloArmor } from '@escape.tech/graphql-armor';

export const queryLimits = {
  maxDepth: 10,
  maxAliases: 15,
  maxCost: 2_000,
  maxTokens: 2_000,
  maxDirectives: 50,
} as const;

export function createArmor() {
  return new ApolloArmor({
    // Fragments count where they are spread, not one level deeper: the web's page queries are fragment spreads.
    maxDepth: { n: queryLimits.maxDepth, flattenFragments: true, ignoreIntrospection: true },
    maxAliases: { n: queryLimits.maxAliases },
    costLimit: { maxCost: queryLimits.maxCost, flattenFragments: true, ignoreIntrospection: true },
    // Token counting is graphql-js's own parse option (`parseOptions` in app.ts): armor's plugin re-parses in
    // parsingDidStart and turns every syntax error into a 500 instead of Apollo's 400 GRAPHQL_PARSE_FAILED.
    maxTokens: { enabled: false },
    maxDirectives: { n: queryLimits.maxDirectives },
    blockFieldSuggestion: { enabled: true },
  }).protect();
}
