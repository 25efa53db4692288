/** The fields of an attendance event in an answer. */
export const ATTENDANCE_KEYS = [
  'id',
  'userId',
  'outletId',
  'shiftAssignmentId',
  'clockInAt',
  'clockOutAt',
  'status',
  'reviewNote',
  'reviewedByUserId',
  'reviewedAt',
  'createdAt',
  'updatedAt',
];
