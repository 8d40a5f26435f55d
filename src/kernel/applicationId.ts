/**
 * The application's stable id, from its applicant's user id: APP-000123. Staff, the student-information system
 * and the applicant (completion page, receipt, PDF copy) all see this one, so it is made here, in the kernel both
 * sides import, and nowhere else.
 */
export const applicationIdOf = (userId: string | number) => `APP-${String(userId).padStart(6, '0')}`;
