import { Spin } from 'antd';

/** Fills the space a lazily loaded page will take while its code arrives. */
export function PageSpinner() {
  return (
    <div style={{ display: 'grid', placeItems: 'center', minHeight: 240, width: '100%' }}>
      <Spin />
    </div>
  );
}
