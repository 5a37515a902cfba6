import fs from 'node:fs';
import PDFDocument from 'pdfkit';

/**
 * The second demo company configures its Terms and Privacy Policy as documents, so the paged
 * document viewer has something to show. Written with pdfkit at seed time (three A4 pages each).
 */
export function writeDemoPolicyPdf(
  filePath: string,
  {
    companyName,
    title,
    sections,
  }: { companyName: string; title: string; sections: { heading: string; text: string }[] },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const document = new PDFDocument({
      size: 'A4',
      margin: 56,
      info: { Title: `${companyName} — ${title}`, Author: companyName },
    });
    const output = fs.createWriteStream(filePath);
    output.on('finish', resolve);
    output.on('error', reject);
    document.pipe(output);
    sections.forEach((section, index) => {
      if (index > 0) document.addPage();
      document.fontSize(20).fillColor('#1b2a3a').text(`${companyName} — ${title}`);
      document
        .moveDown(0.5)
        .fontSize(11)
        .fillColor('#5a6b7d')
        .text(`Page ${index + 1} of ${sections.length}`);
      document.moveDown(1.2).fontSize(15).fillColor('#1b2a3a').text(section.heading);
      document
        .moveDown(0.6)
        .fontSize(11)
        .fillColor('#1b2a3a')
        .text(section.text, { align: 'justify', lineGap: 3 });
    });
    document.end();
  });
}

export const DEMO_TERMS_SECTIONS = [
  {
    heading: '1. Services and availability',
    text: 'We provide virtual machines, storage and network services on a monthly or on-demand basis, paid monthly. We aim for 99% availability in every calendar month. Scheduled maintenance longer than 120 minutes is announced in advance.',
  },
  {
    heading: '2. Fees and payment',
    text: 'Monthly fees are due on the 1st and must be paid by the 7th of the month. Non-payment may lead to suspension of the services. Fees may be increased once in any 12 months, with one month notice. Refunds of failed payments take 5 to 7 business days depending on your bank.',
  },
  {
    heading: '3. Termination, liability and disputes',
    text: 'Either party may end the agreement at renewal with 30 days notice, or for convenience with 60 days notice. Our liability is limited to three months of fees. Disputes are first discussed for 10 business days, then mediated, then referred to arbitration within 15 business days. Support is available on business days from 08h30 to 17h00 East Africa Time.',
  },
];

export const DEMO_PRIVACY_SECTIONS = [
  {
    heading: '1. What we collect and why',
    text: 'We collect your name, contact details, billing address and the technical data needed to run your services, to provide those services, bill for them and meet our legal duties under the Kenya Data Protection Act, 2019 and, for South African customers, POPIA.',
  },
  {
    heading: '2. Sharing, storage and retention',
    text: 'Personal data is stored in our Nairobi data centre and shared only with payment providers and auditors under contract. We keep billing records for seven years and delete other personal data within 90 days after your account closes.',
  },
  {
    heading: '3. Your rights',
    text: 'You may ask for access to, correction of or deletion of your personal data, object to its processing and complain to the Data Commissioner. Write to our data protection officer at the address on our contact page.',
  },
];

/** The licence terms a Windows product links to (vm-lifecycle.md §2.1, "microsoftLicense.pdf"). */
export const DEMO_LICENCE_SECTIONS = [
  {
    heading: '1. Your Microsoft licence',
    text: 'Windows Server machines are provided without a Windows Server licence. Before your machine is started you must hold a valid Microsoft licence with licence mobility rights, or a Services Provider License Agreement licence bought through us.',
  },
  {
    heading: '2. Providing proof of licence',
    text: 'When you pay for a Windows machine you are asked for a PDF copy of your licence confirmation. We keep it for as long as the machine exists and share it with Microsoft only if they audit our platform.',
  },
  {
    heading: '3. Client access licences',
    text: 'Remote Desktop Services and other client access licences are not included. You are responsible for licensing every user or device that connects to the server.',
  },
];
