import { render, screen } from '@testing-library/react';
import { Shell } from './Shell';

describe('Shell', () => {
  it('shows the application title as the page heading', () => {
    render(<Shell />);
    expect(screen.getByRole('heading', { level: 1, name: 'Undergraduate Admission Application' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
  });
});
