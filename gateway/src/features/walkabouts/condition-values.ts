/**
 * What the gateway adds to @fsi/shared's condition codec (shared/src/walkabouts/condition-codec.ts, the
 * one module for a condition's value in every shape): a condition resource's value as the typed field of
 * its GraphQL type. Satisfaction and marking are the backend's judgement by the same shared rule
 * (`isSatisfactory`, `isMarked`: required attributes of its ConditionResource), read as they are.
 */
import { typedConditionFields, type ConditionTypename, type TypedConditionFields } from '@fsi/shared';
import type { ConditionResource } from '../../rest-types';

type TypedFields<N extends ConditionTypename> = Extract<TypedConditionFields<'rest'>, { __typename: N }>;

/**
 * The typed value field of a condition as its GraphQL type `typename` reads it, in the REST spelling the
 * gateway's enum resolvers expect (`'yes'`, not `YES`); null for a condition of another type.
 */
export function typedValue<N extends ConditionTypename>(condition: ConditionResource, typename: N): TypedFields<N> | null {
  const fields = typedConditionFields(condition.attributes.conditionType, condition.attributes.value, 'rest');
  return fields.__typename === typename ? (fields as TypedFields<N>) : null;
}
