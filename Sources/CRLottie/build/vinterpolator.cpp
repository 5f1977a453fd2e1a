// This project's own implementation of rlottie's VInterpolator (its header, src/vector/vinterpolator.h, is
// rlottie's, MIT; upstream's vinterpolator.cpp is MPL-2.0 and not vendored). A keyframe's easing is a cubic
// Bézier from (0, 0) to (1, 1) with control points (x1, y1) and (x2, y2), as CSS's cubic-bezier(): value(x)
// is y(t) for the t where x(t) = x. t starts from a table of x(t) at 11 evenly spaced t, then is refined by
// Newton's method where x(t) is steep enough, else by halving the table's interval.
#include "vinterpolator.h"

#include <cmath>

V_BEGIN_NAMESPACE

const float VInterpolator::kSampleStepSize = 1.0f / float(VInterpolator::kSplineTableSize - 1);

void VInterpolator::init(float aX1, float aY1, float aX2, float aY2)
{
    mX1 = aX1;
    mY1 = aY1;
    mX2 = aX2;
    mY2 = aY2;
    if (mX1 != mY1 || mX2 != mY2) CalcSampleValues();
}

float VInterpolator::value(float aX) const
{
    // Control points on the diagonal: the curve is the line y = x.
    if (mX1 == mY1 && mX2 == mY2) return aX;
    return CalcBezier(GetTForX(aX), mY1, mY2);
}

void VInterpolator::GetSplineDerivativeValues(float aX, float &aDX, float &aDY) const
{
    float t = GetTForX(aX);
    aDX = GetSlope(t, mX1, mX2);
    aDY = GetSlope(t, mY1, mY2);
}

void VInterpolator::CalcSampleValues()
{
    for (int i = 0; i < kSplineTableSize; ++i) mSampleValues[i] = CalcBezier(float(i) * kSampleStepSize, mX1, mX2);
}

float VInterpolator::CalcBezier(float aT, float aA1, float aA2)
{
    // B(t) = 3(1-t)²t·a1 + 3(1-t)t²·a2 + t³, in Horner's form.
    return ((A(aA1, aA2) * aT + B(aA1, aA2)) * aT + C(aA1)) * aT;
}

float VInterpolator::GetSlope(float aT, float aA1, float aA2)
{
    return 3.0f * A(aA1, aA2) * aT * aT + 2.0f * B(aA1, aA2) * aT + C(aA1);
}

float VInterpolator::GetTForX(float aX) const
{
    // The table's interval that holds x, and a first t by straight-line interpolation inside it.
    int   i = 0;
    float start = 0.0f;
    while (i + 1 < kSplineTableSize - 1 && mSampleValues[i + 1] <= aX) {
        start += kSampleStepSize;
        ++i;
    }
    float span = mSampleValues[i + 1] - mSampleValues[i];
    float guess = start + (span > 0.0f ? (aX - mSampleValues[i]) / span : 0.0f) * kSampleStepSize;
    float slope = GetSlope(guess, mX1, mX2);
    if (slope >= 0.02f) return NewtonRaphsonIterate(aX, guess);
    if (slope == 0.0f) return guess;
    return BinarySubdivide(aX, start, start + kSampleStepSize);
}

float VInterpolator::NewtonRaphsonIterate(float aX, float aGuessT) const
{
    float t = aGuessT;
    for (int k = 0; k < 4; ++k) {
        float slope = GetSlope(t, mX1, mX2);
        if (slope == 0.0f) break;
        t -= (CalcBezier(t, mX1, mX2) - aX) / slope;
    }
    return t;
}

float VInterpolator::BinarySubdivide(float aX, float aA, float aB) const
{
    float t = aA;
    for (int k = 0; k < 12; ++k) {
        t = aA + (aB - aA) / 2.0f;
        float difference = CalcBezier(t, mX1, mX2) - aX;
        if (std::fabs(difference) <= 1e-7f) break;
        if (difference > 0.0f)
            aB = t;
        else
            aA = t;
    }
    return t;
}

V_END_NAMESPACE
