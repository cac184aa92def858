/** Why a shopper reports a review (REPORT_REASONS), in the shop's bottom sheet instead of confirm(). */
import { REPORT_REASON_LABEL, REPORT_REASONS } from '@codiroom/shared';
import { useId, useState } from 'react';
import { BottomSheet } from '../components/BottomSheet';
import sheet from '../components/BottomSheet.module.css';

type Reason = (typeof REPORT_REASONS)[number];

export function ReportSheet({ onReport, onClose }: { onReport: (r: Reason) => void; onClose: () => void }) {
  const [reason, setReason] = useState<Reason | null>(null);
  const id = useId();
  return (
    <BottomSheet
      title="후기 신고"
      onClose={onClose}
      footer={
        <>
          <button type="button" className={sheet.secondary} onClick={onClose}>
            취소
          </button>
          <button
            type="button"
            className={sheet.primary}
            disabled={!reason}
            onClick={() => reason && onReport(reason)}
          >
            신고하기
          </button>
        </>
      }
    >
      <fieldset className={sheet.choices}>
        <legend className={sheet.text}>이 후기를 신고하는 이유를 골라주세요</legend>
        {REPORT_REASONS.map((r) => (
          <label key={r} className={sheet.choice}>
            <input type="radio" name={`${id}-reason`} checked={reason === r} onChange={() => setReason(r)} />
            {REPORT_REASON_LABEL[r]}
          </label>
        ))}
      </fieldset>
    </BottomSheet>
  );
}
