// Internal to the solver layer: the bookkeeping shared by the MCS engines (bounds, blocking
// clauses, stop reasons) and the engines' factories. Not a public header.
#pragma once

#include "mcs.h"

namespace culprit::solve::detail {

/// Implements next() around an engine's findNext(): the count and wall-clock bounds, the
/// blocking clause of each reported MCS (guarded by the activation literal `active_`), and the
/// scope check. Engines decide everything else, and call stop() when they return nullopt.
class McsEnumeratorBase : public McsEnumerator {
public:
  McsEnumeratorBase(Session& session, const McsBounds& bounds);
  std::optional<Mcs> next() final;
  std::optional<Mcs> candidate() final;
  void accept(const Mcs& mcs) final;
  StopReason stopReason() const final { return stop_; }
  const std::string& stopDetail() const final { return detail_; }

protected:
  /// The next MCS, or nullopt after calling stop().
  virtual std::optional<Mcs> findNext(const Deadline& deadline) = 0;
  /// Called when `mcs` is reported (after its blocking clause is in the session).
  virtual void onAccept(const Mcs& /*mcs*/) {}
  /// Queries asked so far, for the first-MCS budget's note: the session's, plus an engine's own
  /// solver calls outside it.
  virtual std::uint64_t queriesAsked() const { return s_.stats().queries; }

  void stop(StopReason reason, std::string detail = {});
  /// Stop after an Unknown answer: Timeout if a time limit caused it, else SolverUnknown.
  void stopUnknown(const Deadline& deadline, const std::string& reason);
  /// Stop once no blocked-free correction set within the size bound is left: Exhausted if none
  /// exists at all, SizeBound if larger ones remain (one query; without a size bound, none).
  void stopWhenNoneLeft(const Deadline& deadline);
  /// An Mcs for the soft groups false in `model`.
  Mcs mcsOf(const z3::model& model) const;
  /// Literals ¬sel for every soft group (the "relaxed" indicators bounded by AtMost/PB).
  z3::expr_vector relaxedLiterals() const;
  /// A fresh guard g with the hard constraint g → (at most `k` soft groups relaxed).
  z3::expr sizeGuard(std::size_t k);

  Session& s_;
  const McsBounds bounds_;
  const z3::expr active_;

private:
  std::uint64_t scope_;
  std::optional<Deadline> deadline_;
  std::optional<Deadline>
      firstDeadline_;  ///< McsBounds::firstTimeoutSeconds, until one is reported
  std::size_t reported_ = 0;
  StopReason stop_ = StopReason::Exhausted;
  std::string detail_;
};

std::unique_ptr<McsEnumerator> makeMaxSatMcsEnumerator(Session& session, const McsBounds& bounds);
std::unique_ptr<McsEnumerator> makeCardinalityMcsEnumerator(Session& session,
                                                            const McsBounds& bounds);
/// Unit weights only; a weighted session gets the MaxSAT engine.
std::unique_ptr<McsEnumerator> makeHittingSetMcsEnumerator(Session& session,
                                                           const McsBounds& bounds);

/// Unit weights (weighted sessions get the MaxSAT engine); MCSs in the order found.
std::unique_ptr<McsEnumerator> makeCldMcsEnumerator(Session& session, const McsBounds& bounds);
/// Unit weights and formulas that bit-blast to clauses only; anything else gets the MaxSAT
/// engine.
std::unique_ptr<McsEnumerator> makeSatMcsEnumerator(Session& session, const McsBounds& bounds);

}  // namespace culprit::solve::detail
