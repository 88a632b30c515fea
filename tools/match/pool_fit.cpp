#include "pool_fit.hpp"

#include <cmath>
#include <cstddef>
#include <limits>

namespace qubic::match {

namespace {

using Matrix = std::vector<std::vector<double>>;
constexpr double kNatural = 400 / 2.302585092994046;  // Elo per natural unit: 400 / ln 10

// The inverse of a symmetric positive definite matrix, by Gauss-Jordan elimination with
// partial pivoting; empty when it is singular.
Matrix inverse(Matrix a) {
  const std::size_t n = a.size();
  Matrix inv(n, std::vector<double>(n, 0));
  for (std::size_t i = 0; i < n; ++i) inv[i][i] = 1;
  for (std::size_t c = 0; c < n; ++c) {
    std::size_t pivot = c;
    for (std::size_t r = c + 1; r < n; ++r)
      if (std::fabs(a[r][c]) > std::fabs(a[pivot][c])) pivot = r;
    if (std::fabs(a[pivot][c]) < 1e-12) return {};
    std::swap(a[c], a[pivot]);
    std::swap(inv[c], inv[pivot]);
    const double d = a[c][c];
    for (std::size_t k = 0; k < n; ++k) a[c][k] /= d, inv[c][k] /= d;
    for (std::size_t r = 0; r < n; ++r) {
      if (r == c || a[r][c] == 0) continue;
      const double f = a[r][c];
      for (std::size_t k = 0; k < n; ++k) a[r][k] -= f * a[c][k], inv[r][k] -= f * inv[c][k];
    }
  }
  return inv;
}

// The points and games of each pair, with the virtual draw.
struct PairData {
  Matrix points, games;
};

PairData pairData(const std::vector<std::vector<Score>>& scores) {
  const std::size_t n = scores.size();
  PairData d{Matrix(n, std::vector<double>(n, 0)), Matrix(n, std::vector<double>(n, 0))};
  for (std::size_t a = 0; a < n; ++a)
    for (std::size_t b = 0; b < n; ++b) {
      const Score& s = scores[a][b];
      if (a == b || s.games() == 0) continue;
      d.points[a][b] = s.points() + 0.5;
      d.games[a][b] = s.games() + 1;
    }
  return d;
}

// The gradient and the negated Hessian of the log-likelihood over the free players
// (`free[k]` is the k-th player other than the anchor) at ratings `theta` (natural units).
void derivatives(const PairData& d, const std::vector<double>& theta,
                 const std::vector<std::size_t>& free, std::vector<double>& gradient,
                 Matrix& information) {
  const std::size_t m = free.size(), n = theta.size();
  std::vector<int> slot(n, -1);
  for (std::size_t k = 0; k < m; ++k) slot[free[k]] = static_cast<int>(k);
  gradient.assign(m, 0);
  information.assign(m, std::vector<double>(m, 0));
  for (std::size_t a = 0; a < n; ++a)
    for (std::size_t b = 0; b < n; ++b) {
      if (d.games[a][b] == 0) continue;
      const double p = 1 / (1 + std::exp(theta[b] - theta[a]));
      const double w = d.games[a][b] * p * (1 - p);
      if (slot[a] < 0) continue;
      const auto i = static_cast<std::size_t>(slot[a]);
      gradient[i] += d.points[a][b] - d.games[a][b] * p;
      information[i][i] += w;
      if (slot[b] >= 0) information[i][static_cast<std::size_t>(slot[b])] -= w;
    }
}

}  // namespace

double PoolFit::errorBar(int i) const {
  const auto k = static_cast<std::size_t>(i);
  return 1.959964 * std::sqrt(covariance[k][k]);
}

double PoolFit::differenceBar(int i, int j) const {
  const auto a = static_cast<std::size_t>(i), b = static_cast<std::size_t>(j);
  return 1.959964 *
         std::sqrt(std::fmax(0, covariance[a][a] + covariance[b][b] - 2 * covariance[a][b]));
}

PoolFit fitPool(const std::vector<std::vector<Score>>& scores, int anchor) {
  const std::size_t n = scores.size();
  const PairData d = pairData(scores);
  std::vector<std::size_t> free;  // the players with games, but the anchor
  for (std::size_t a = 0; a < n; ++a) {
    double games = 0;
    for (std::size_t b = 0; b < n; ++b) games += d.games[a][b];
    if (a != static_cast<std::size_t>(anchor) && games > 0) free.push_back(a);
  }
  PoolFit fit;
  std::vector<double> theta(n, 0), gradient;
  Matrix information, inv;
  for (fit.iterations = 1; fit.iterations <= 100; ++fit.iterations) {
    derivatives(d, theta, free, gradient, information);
    inv = inverse(information);
    if (inv.empty()) break;
    double largest = 0;  // Newton's step: information^-1 gradient
    for (std::size_t i = 0; i < free.size(); ++i) {
      double step = 0;
      for (std::size_t j = 0; j < free.size(); ++j) step += inv[i][j] * gradient[j];
      theta[free[i]] += step;
      largest = std::fmax(largest, std::fabs(step));
    }
    if (largest < 1e-9) {
      fit.converged = true;
      break;
    }
  }
  derivatives(d, theta, free, gradient, information);
  inv = inverse(information);
  const double unknown = std::numeric_limits<double>::infinity();
  fit.rating.assign(n, 0);
  fit.covariance.assign(n, std::vector<double>(n, 0));
  for (std::size_t a = 0; a < n; ++a) {
    fit.rating[a] = theta[a] * kNatural;
    if (a != static_cast<std::size_t>(anchor)) fit.covariance[a][a] = unknown;
  }
  if (inv.empty()) return fit;
  for (std::size_t i = 0; i < free.size(); ++i)
    for (std::size_t j = 0; j < free.size(); ++j)
      fit.covariance[free[i]][free[j]] = inv[i][j] * kNatural * kNatural;
  return fit;
}

}  // namespace qubic::match
