import type { Catalogue } from './catalogue.ts';

/** Messages of exports and their download links. */
export const exportMessages = {
  exportNotFound: {
    zh: '导出文件不存在或尚未生成',
    kr: '내보낸 파일이 없거나 아직 생성되지 않았습니다',
    th: 'ไม่พบไฟล์ส่งออกหรือยังสร้างไม่เสร็จ',
  },
  downloadLinkExpired: {
    zh: '下载链接已过期，请在导出下载列表中重新下载',
    kr: '다운로드 링크가 만료되었습니다. 내보내기 다운로드 목록에서 다시 다운로드하세요',
    th: 'ลิงก์ดาวน์โหลดหมดอายุแล้ว โปรดดาวน์โหลดอีกครั้งจากรายการดาวน์โหลดการส่งออก',
  },
  exportSubmitted: {
    zh: '导出任务已提交，请在导出下载列表中查看进度',
    kr: '내보내기 작업이 제출되었습니다. 내보내기 다운로드 목록에서 진행 상황을 확인하세요',
    th: 'ส่งงานส่งออกแล้ว โปรดดูความคืบหน้าในรายการดาวน์โหลดการส่งออก',
  },
} as const satisfies Catalogue;
