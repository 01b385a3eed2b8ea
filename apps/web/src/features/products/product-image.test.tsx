import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProductImage } from './product-image';

describe('ProductImage', () => {
  it('loads lazily without a referrer, and shows the "no image" frame when the picture fails', () => {
    const { container } = render(<ProductImage src="https://cdn.example.com/a.jpg" className="size-10" />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('https://cdn.example.com/a.jpg');
    expect(img.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(screen.queryByRole('img', { name: 'No image' })).toBeNull();

    fireEvent.error(img);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('img', { name: 'No image' })).toBeTruthy();
  });

  it('shows the "no image" frame when there is no picture, and tries a new address again', () => {
    const { container, rerender } = render(<ProductImage src={null} />);
    expect(screen.getByRole('img', { name: 'No image' })).toBeTruthy();
    rerender(<ProductImage src="https://cdn.example.com/b.jpg" />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example.com/b.jpg');
  });
});
