/**
 * The partner college's configuration (SPEC §3 "Partner config", ARCHITECTURE: config/partner.ts).
 * Placeholder values: the college replaces them before going live. No React here: the server may import it.
 */

/** The application's name, shown in every page header (pages own the h1) and in the document title. */
export const SITE_NAME = 'Undergraduate Admission Application';

export const PARTNER = {
  name: 'Northfield College',
  /** Where the college is: times are shown in its zone (the server's COLLEGE_TIME_ZONE may say otherwise). */
  timeZone: 'America/New_York',
  /** Technical help for the application (Help modal). */
  helpEmail: 'apply-help@northfield.example.edu',
  department: 'Office of Undergraduate Admission',
  address: '100 College Avenue, Northfield, ST 00000',
  /** 555-01xx numbers are reserved for fiction. */
  phone: '(555) 010-0142',
  links: {
    website: 'https://www.northfield.example.edu',
    admission: 'https://www.northfield.example.edu/admission',
    privacyPolicy: 'https://www.northfield.example.edu/privacy',
    financialAid: 'https://studentaid.gov',
    pdfReader: 'https://get.adobe.com/reader/',
  },
  /** Codes applicants give testing agencies and the FAFSA so scores and aid data reach the college. */
  scoreCodes: { sat: '1234', act: '5678', fafsa: '001234' },
  /** Text areas may hold this many characters (SPEC §5: partner config 7000). */
  characterLimit: 7000,
} as const;
