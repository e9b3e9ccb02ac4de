import { useEmailWalkaboutReportMutation } from './ReportEmailSheet.generated';
import { EmailSheet } from './EmailSheet';

export { splitRecipients } from './EmailSheet';

export const REPORT_SENT_MESSAGE = 'Report sent successfully.';
export const REPORT_NOT_SENT_MESSAGE = 'There was an issue sending the report, please try again.';

type ReportEmailSheetProps = {
  /** The walkabout report to send (its PDF goes as the attachment). */
  reportId: string;
  /** What the report is, under the sheet's title. */
  reportName: string;
  onClose(): void;
};

/** The report e-mail sheet (inspection.md sections 5 and 8): the report's PDF goes as the attachment. */
export function ReportEmailSheet({ reportId, reportName, onClose }: ReportEmailSheetProps) {
  const [send] = useEmailWalkaboutReportMutation();
  return (
    <EmailSheet
      title="Email report"
      name={reportName}
      messageDescription="Optional: sent with the report."
      sentMessage={REPORT_SENT_MESSAGE}
      failedMessage={REPORT_NOT_SENT_MESSAGE}
      send={async (recipients, message) => {
        const answer = (await send({ variables: { reportId, recipients, message } })).data?.emailWalkaboutReport;
        return answer?.email ? { recipients: answer.email.recipients } : { errors: answer?.errors ?? [] };
      }}
      onClose={onClose}
    />
  );
}
