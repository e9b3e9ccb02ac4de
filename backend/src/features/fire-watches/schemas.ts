/** The REST contract of fire watches (docs/REST.md "Walkabout calls"). */
import Type from 'typebox';
import { IdList, IdParams, ListQuery } from '../../jsonapi/query';
import {
  Bool,
  errorResponses,
  Int,
  IntNull,
  ListDocument,
  ref,
  RelationshipBody,
  Resource,
  SingleDocument,
  Str,
  StringEnum,
  StrNull,
  ToOne,
} from '../../jsonapi/schemas';

export const FireWatchStatus = StringEnum(['started', 'ended']);

export const FireWatchResource = Resource(
  'FireWatchResource',
  'fire-watches',
  {
    status: FireWatchStatus,
    startComments: StrNull,
    endComments: StrNull,
    startedAt: Str,
    endedAt: StrNull,
    startedBy: IntNull,
    endedBy: IntNull,
    buildingId: Int,
    isActive: Bool,
    walkaboutId: IntNull,
  },
  { building: ToOne('buildings') },
);

export const listFireWatchesSchema = {
  tags: ['fire watch'],
  summary: "Fire watches of the caller's buildings, started and ended, the latest started first",
  querystring: ListQuery({ 'filter[building]': Type.Optional(IdList) }),
  response: { 200: ListDocument(ref(FireWatchResource)), ...errorResponses },
};

export const getFireWatchSchema = {
  tags: ['fire watch'],
  summary: 'One fire watch',
  params: IdParams,
  response: { 200: SingleDocument(ref(FireWatchResource)), ...errorResponses },
};

export const startFireWatchSchema = {
  tags: ['fire watch'],
  summary: 'Start a fire watch (canCreateFireWatch)',
  body: Type.Object({
    data: Type.Object({
      type: Type.Optional(Str),
      attributes: Type.Object({ status: Type.Literal('started'), startComments: Type.Optional(StrNull) }),
      relationships: Type.Object({ building: RelationshipBody }),
    }),
  }),
  response: { 201: SingleDocument(ref(FireWatchResource)), ...errorResponses },
};

export const stopFireWatchSchema = {
  tags: ['fire watch'],
  summary: 'Stop a fire watch (canUpdateFireWatch)',
  params: IdParams,
  body: Type.Object({
    data: Type.Object({
      type: Type.Optional(Str),
      attributes: Type.Object({ status: Type.Literal('ended'), endComments: Type.Optional(StrNull) }),
    }),
  }),
  response: { 200: SingleDocument(ref(FireWatchResource)), ...errorResponses },
};
