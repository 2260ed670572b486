/**
 * The signed-in staff user's own profile (000 §3): names, phone, work number, licence type, and the
 * profile image (stored in the database until file storage exists). Profile text is sanitised by
 * the plumbing (the endpoint is marked `sanitize`, spec 002 §5).
 */
import type { PROFILE_IMAGE_TYPES } from '@trialpath/contract';
import { messageRef } from '@trialpath/domain';
import { BinaryResponse } from '../../http/context';
import type { ServiceCtx } from '../../kernel/context';
import { fail, fieldError, fieldProblem } from '../../kernel/errors';
import {
  findProfileImage,
  findProfileImageMeta,
  findUserForUpdate,
  updateUser,
  upsertProfileImage,
} from './users.repository';
import { profileImagePath, sameClientUser, toStaffUser } from './users.service';

/** The mobile number and e-mail address change elsewhere, with re-authentication and a code (decision 0028). */
export interface ProfileInput {
  firstName: string;
  lastName: string;
  workNumber?: string | null;
  licenseType?: string | null;
}

/** undefined = keep, '' or null = clear. */
const optional = (v: string | null | undefined) => (v === undefined ? undefined : v === null || v === '' ? null : v);

export async function updateProfile(ctx: ServiceCtx, input: ProfileInput) {
  const { db } = ctx;
  const user = await findUserForUpdate(db, ctx.staff().userId);
  if (!user) throw fail('UNAUTHENTICATED');
  const work = optional(input.workNumber);
  const licence = optional(input.licenseType);
  const after = await updateUser(db, user.id, {
    first_name: input.firstName,
    last_name: input.lastName,
    ...(work !== undefined ? { work_number: work } : {}),
    ...(licence !== undefined ? { license_type: licence } : {}),
    profile_completed: true,
  });
  const pick = (u: ReturnType<typeof toStaffUser>) => ({
    firstName: u.firstName,
    lastName: u.lastName,
    phoneNumber: u.phoneNumber,
    workNumber: u.workNumber,
    licenseType: u.licenseType,
    profileCompleted: u.profileCompleted,
  });
  const result = toStaffUser(after);
  ctx.audit({
    action: 'user.profile.update',
    entityType: 'user',
    entityId: user.id,
    before: pick(toStaffUser(user)),
    after: pick(result),
  });
  return result;
}

type ImageType = (typeof PROFILE_IMAGE_TYPES)[number];

const startsWith = (data: Uint8Array, bytes: number[], offset = 0) =>
  data.length >= offset + bytes.length && bytes.every((b, i) => data[offset + i] === b);

/** Whether the bytes are of the declared image type (magic numbers). */
function matchesImageType(data: Uint8Array, type: string): boolean {
  switch (type as ImageType) {
    case 'image/png':
      return startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case 'image/jpeg':
      return startsWith(data, [0xff, 0xd8, 0xff]);
    case 'image/webp':
      // RIFF....WEBP
      return startsWith(data, [0x52, 0x49, 0x46, 0x46]) && startsWith(data, [0x57, 0x45, 0x42, 0x50], 8);
    default:
      return false;
  }
}

const TYPE_NAMES: Record<ImageType, string> = { 'image/png': 'PNG', 'image/jpeg': 'JPEG', 'image/webp': 'WebP' };

export async function uploadProfileImage(ctx: ServiceCtx, upload: { data: Buffer; contentType: string } | null) {
  const { db } = ctx;
  if (!upload) throw fail('UNSUPPORTED_MEDIA_TYPE');
  if (upload.data.length === 0) throw fieldError('file', messageRef('profile.imageEmpty'));
  if (!matchesImageType(upload.data, upload.contentType)) {
    const type = TYPE_NAMES[upload.contentType as ImageType] ?? upload.contentType;
    throw fieldProblem('VALIDATION_FAILED', 'file', 'profile.imageTypeMismatch', { type });
  }
  const user = await findUserForUpdate(db, ctx.staff().userId);
  if (!user) throw fail('UNAUTHENTICATED');
  const before = await findProfileImageMeta(db, user.id);
  await upsertProfileImage(db, { userId: user.id, contentType: upload.contentType, data: upload.data });
  await updateUser(db, user.id, { profile_image_at: new Date() });
  ctx.audit({
    action: 'user.profile-image.update',
    entityType: 'user',
    entityId: user.id,
    before: before ? { contentType: before.content_type, byteSize: before.byte_size } : null,
    after: { contentType: upload.contentType, byteSize: upload.data.length },
  });
  return { profileImage: profileImagePath(user.id) };
}

/** Any signed-in staff user of the same client may see it; another client's user looks missing. */
export async function profileImage(ctx: ServiceCtx, input: { userId: string }): Promise<BinaryResponse> {
  const user = await sameClientUser(ctx, input.userId);
  const image = await findProfileImage(ctx.db, user.id);
  if (!image) throw fail('NOT_FOUND');
  return new BinaryResponse(image.content_type, image.data);
}
