import { valueOfTypedFields, type ConditionValue } from '@fsi/shared';
import type { ConditionValue_ConditionFragment } from './ConditionValue.generated';

/**
 * The web's one reading of a condition's value: the typed fields of `fragment ConditionValue_condition`
 * as the shared value the rules judge, through the codec of @fsi/shared (condition-codec.ts).
 */
export function conditionValueOf(fields: ConditionValue_ConditionFragment): ConditionValue {
  return valueOfTypedFields(fields);
}
