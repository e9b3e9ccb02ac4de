/** The mail outbox over GET /mail-outbox (administrators; the backend's 403 is FORBIDDEN). */
import type { MailMessage, MailStatus } from '../../generated/resolvers';
import { memoizeByArgs, pageQuery, toConnection, type PageArgs } from '../../loaders';
import type { RestClient } from '../../rest-client';
import type { RestBody } from '../../rest-types';

type OutboxResource = RestBody<'/mail-outbox'>['data'][number];

const statusOf = (attributes: OutboxResource['attributes']): MailStatus => (attributes.sentAt ? 'SENT' : attributes.error ? 'FAILED' : 'QUEUED');

function toMailMessage(resource: OutboxResource): MailMessage {
  const { attributes } = resource;
  return {
    id: resource.id,
    // The outbox keeps one address or several separated by commas.
    recipients: attributes.to
      .split(',')
      .map((address) => address.trim())
      .filter((address) => address !== ''),
    subject: attributes.subject,
    text: attributes.text,
    attachments: attributes.attachments.map(({ filename, contentType, url }) => ({ filename, contentType, url })),
    createdAt: attributes.createdAt,
    sentAt: attributes.sentAt,
    status: statusOf(attributes),
    error: attributes.error,
  };
}

export function createMailOutboxLoaders(rest: RestClient) {
  return {
    /** One page of the outbox, newest first: one REST call. */
    page: memoizeByArgs(async (args: PageArgs) => {
      const { page, pageSize, query } = pageQuery(args, 50);
      const document = await rest.get<RestBody<'/mail-outbox'>>('/mail-outbox', query);
      return toConnection(document, page, pageSize, toMailMessage);
    }),
  };
}
