/**
 * What the gateway adds to @fsi/shared's condition codec (shared/src/walkabouts/condition-codec.ts, the
 * one module for a condition's value in every shape): reading a condition resource's value as the typed
 * field of its GraphQL type, and the satisfaction and marking the backend sends, judged here by the
 * shared rule only if it ever did not.
 */
import {
  conditionSatisfaction,
  isAnswered,
  typedConditionFields,
  type ConditionTypename,
  type TypedConditionFields,
} from '@fsi/shared';
import type { ConditionResource } from './resources';

type TypedFields<N extends ConditionTypename> = Extract<TypedConditionFields<'rest'>, { __typename: N }>;

/**
 * The typed value field of a condition as its GraphQL type `typename` reads it, in the REST spelling the
 * gateway's enum resolvers expect (`'yes'`, not `YES`); null for a condition of another type.
 */
export function typedValue<N extends ConditionTypename>(condition: ConditionResource, typename: N): TypedFields<N> | null {
  const fields = typedConditionFields(condition.attributes.conditionType, condition.attributes.value, 'rest');
  return fields.__typename === typename ? (fields as TypedFields<N>) : null;
}

/**
 * The backend judges each result by the shared rule and sends isSatisfactory (null when neutral)
 * and isMarked; were they missing, the same rule of @fsi/shared answers here (one rule, one implementation).
 */
export function isSatisfactory(condition: ConditionResource): boolean | null {
  const { isSatisfactory: sent } = condition.attributes;
  if (sent !== undefined) return sent;
  const a = condition.attributes;
  const satisfaction = conditionSatisfaction({
    id: condition.id,
    type: a.conditionType,
    value: a.value,
    typeValue: a.typeValue,
    typeSatisfactoryValue: a.typeSatisfactoryValue,
    typeUnsatisfactoryValue: a.typeUnsatisfactoryValue,
    typeRecordValue: a.typeRecordValue,
    rangeFrom: a.rangeFrom,
    rangeTo: a.rangeTo,
    options: a.options,
  });
  return satisfaction === 'neutral' ? null : satisfaction === 'satisfactory';
}

export function isMarked(condition: ConditionResource): boolean {
  return condition.attributes.isMarked ?? isAnswered(condition.attributes.value);
}
