import type { Catalogue } from './catalogue.ts';

/** Messages of image uploads (payment proofs, vouchers). */
export const uploadMessages = {
  uploadNotMultipart: {
    zh: '请以 multipart/form-data 表单上传图片',
    kr: '이미지는 multipart/form-data 양식으로 업로드하세요',
    th: 'โปรดอัปโหลดรูปภาพด้วยฟอร์ม multipart/form-data',
  },
  uploadNone: { zh: '请选择要上传的图片', kr: '업로드할 이미지를 선택하세요', th: 'โปรดเลือกรูปภาพที่จะอัปโหลด' },
  uploadEmpty: { zh: '{field}：文件为空', kr: '{field}: 파일이 비어 있습니다', th: '{field}: ไฟล์ว่างเปล่า' },
  uploadTooLarge: {
    zh: '{field}：图片不能超过 {mb}MB',
    kr: '{field}: 이미지는 {mb}MB를 넘을 수 없습니다',
    th: '{field}: รูปภาพต้องไม่เกิน {mb}MB',
  },
  uploadNotImage: {
    zh: '{field}：只能上传 JPG 或 PNG 图片（{name} 不是）',
    kr: '{field}: JPG 또는 PNG 이미지만 업로드할 수 있습니다({name}은(는) 아닙니다)',
    th: '{field}: อัปโหลดได้เฉพาะรูปภาพ JPG หรือ PNG ({name} ไม่ใช่)',
  },
  uploadTooMany: {
    zh: '一次最多上传 {max} 张图片',
    kr: '한 번에 최대 {max}장의 이미지만 업로드할 수 있습니다',
    th: 'อัปโหลดได้ครั้งละไม่เกิน {max} รูป',
  },
  uploadNotFound: { zh: '{field}：图片不存在', kr: '{field}: 이미지가 없습니다', th: '{field}: ไม่พบรูปภาพ' },
} as const satisfies Catalogue;
