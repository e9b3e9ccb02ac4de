/**
 * The REST contract of the operators' views of background work (administrators only): the mail
 * outbox (every message the backend wrote, sent or not) and the jobs kept as failed.
 */
import Type from 'typebox';
import { ListQuery } from '../../jsonapi/query';
import { errorResponses, Int, ListDocument, PlainResource, ref, Str, StrNull } from '../../jsonapi/schemas';

export const MailOutboxResource = PlainResource('MailOutboxResource', 'mail-outbox', {
  /** One address, or several separated by commas. */
  to: Str,
  subject: Str,
  text: Str,
  html: StrNull,
  /** Stored files sent with the message (uploadKey: the storage key; url: a short-lived signed URL that opens it). */
  attachments: Type.Array(Type.Object({ filename: Str, uploadKey: Str, contentType: Str, url: Str })),
  createdAt: Str,
  /** When the SMTP server accepted the message; null while unsent (always, without SMTP_URL). */
  sentAt: StrNull,
  /** The last delivery attempt's error, while the message is unsent. */
  error: StrNull,
});

export const listMailOutboxSchema = {
  tags: ['operations'],
  summary: 'The mail outbox, newest first (administrators)',
  description:
    'Every message the backend wrote. Without SMTP_URL messages stay here unsent for administrators to read; with it, sentAt is set once the SMTP server accepted the message, and error keeps the last failed attempt while delivery is retried.',
  querystring: ListQuery(),
  response: { 200: ListDocument(ref(MailOutboxResource)), ...errorResponses },
};

export const FailedJobResource = PlainResource('FailedJobResource', 'failed-jobs', {
  /** The job's queue, e.g. mail.deliver or a report generation queue. */
  queue: Str,
  /** What the job was given (ids of the records it works on). */
  data: Type.Record(Type.String(), Type.Unknown()),
  /** The last attempt's error message. */
  error: Str,
  /** Retries made after the first attempt. */
  retryCount: Int,
  createdAt: Str,
  failedAt: Str,
});

export const listFailedJobsSchema = {
  tags: ['operations'],
  summary: 'Background jobs that failed after their retries, newest first (administrators)',
  querystring: ListQuery(),
  response: { 200: ListDocument(ref(FailedJobResource)), ...errorResponses },
};
