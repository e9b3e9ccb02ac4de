import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A two-page contract, as a customer would send one (the contract journeys upload it). */
export async function contractPdf(title: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const [index, text] of ['Service Agreement', 'Signatures'].entries()) {
    const page = pdf.addPage([612, 792]);
    page.drawText(`${title}: ${text}`, { x: 72, y: 700, size: 24, font });
    page.drawText(`Page ${index + 1}`, { x: 72, y: 660, size: 14, font });
  }
  return Buffer.from(await pdf.save());
}
